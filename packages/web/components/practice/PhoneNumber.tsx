import { Fragment } from "react";

/**
 * A phone number as the pages show it, "(206) 555-0142": never broken inside a part (no
 * "(206) 555-" / "0142"), but free to break at its spaces when large text leaves a button too
 * narrow for it whole.
 */
export function PhoneNumber({ display }: { display: string }) {
  return (
    <span>
      {display.split(" ").map((part, index) => (
        <Fragment key={index}>
          {index > 0 && " "}
          <span className="phone">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
