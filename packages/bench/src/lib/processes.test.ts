import { describe, expect, it } from "vitest";
import { tcpStatesIn } from "./processes";

// /proc/net/tcp as Linux writes it: local and remote address as hex IP:port, then the state.
const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:11F8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0000000000000000 100 0 0 10 0
   1: 0100007F:11F8 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0000000000000000 20 4 30 10 -1
   2: 0100007F:11F8 0100007F:C351 08 00000000:00000000 00:00000000 00000000     0        0 3 1 0000000000000000 20 4 30 10 -1
   3: 0100007F:11F8 0100007F:C352 08 00000000:00000000 00:00000000 00000000     0        0 4 1 0000000000000000 20 4 30 10 -1
   4: 0100007F:C350 0100007F:11F8 01 00000000:00000000 00:00000000 00000000     0        0 5 1 0000000000000000 20 4 30 10 -1
   5: 0100007F:11F9 0100007F:C353 06 00000000:00000000 00:00000000 00000000     0        0 6 1 0000000000000000 20 4 30 10 -1
`;

describe("tcpStatesIn", () => {
  it("counts the connections on one local port by state (0x11F8 is 4600)", () => {
    expect(tcpStatesIn(TABLE, 4600)).toEqual({ LISTEN: 1, ESTABLISHED: 1, CLOSE_WAIT: 2 });
  });

  it("names states it knows and keeps the code of others", () => {
    expect(tcpStatesIn(TABLE, 4601)).toEqual({ TIME_WAIT: 1 });
    expect(tcpStatesIn(`header\n   0: 0100007F:11F8 00000000:0000 02 rest`, 4600)).toEqual({ "02": 1 });
  });
});
