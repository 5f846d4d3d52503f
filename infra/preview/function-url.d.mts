export interface FunctionUrlRequest {
  method: string;
  rawPath: string;
  rawQueryString: string;
  headers: Record<string, string>;
  cookies: string[];
  sourceIp: string;
  domainName: string;
  body?: Buffer;
}

export function functionUrlEvent(request: FunctionUrlRequest): Record<string, unknown>;
