/**
 * The benches' HTTP client: HTTP/1.1 over keep-alive connections, a request written in one
 * piece and each answer read only as far as its status, length and body. Node's http client
 * cost the bench process about as much CPU per call as the server's whole answer to GET
 * /auth/me, on the two cores the server and the database share with it, so the benches were
 * measuring their own client: GET /auth/me at 10 connections went 1,222 → 2,553 req/s on the
 * same server with this one (wrk: 2,645).
 */
import net from "node:net";

export interface RawReply {
  status: number;
  body: Buffer;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One keep-alive connection, one request at a time. */
class Connection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting?: { resolve: (reply: RawReply) => void; reject: (err: Error) => void };
  closed = false;

  constructor(base: URL) {
    this.socket = net.connect({ host: base.hostname, port: Number(base.port), noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.read(chunk));
    this.socket.on("error", (err) => this.fail(err));
    this.socket.on("close", () => this.fail(new Error("connection closed")));
  }

  send(head: string, body: Buffer | undefined): Promise<RawReply> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      const bytes = Buffer.from(head, "latin1");
      this.socket.write(body ? Buffer.concat([bytes, body]) : bytes);
    });
  }

  close(): void {
    this.closed = true;
    this.waiting = undefined;
    this.socket.destroy();
  }

  private fail(err: Error): void {
    this.closed = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(err);
  }

  /** Completes the call once its whole answer is in (Content-Length or chunked). */
  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const headEnd = this.buffered.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = this.buffered.toString("latin1", 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let body: Buffer;
    if (length) {
      const end = headEnd + 4 + Number(length[1]);
      if (this.buffered.length < end) return;
      body = this.buffered.subarray(headEnd + 4, end);
      this.buffered = this.buffered.subarray(end);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = this.buffered.indexOf("\r\n0\r\n\r\n", headEnd);
      if (last < 0) return;
      body = dechunk(this.buffered.subarray(headEnd + 4, last + 7));
      this.buffered = this.buffered.subarray(last + 7);
    } else {
      body = Buffer.alloc(0);
      this.buffered = this.buffered.subarray(headEnd + 4);
    }
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve({ status, body });
  }
}

/** A chunked body's data. */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", at);
    const size = parseInt(raw.toString("latin1", at, lineEnd), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Up to `maxConnections` keep-alive connections to one server; calls beyond them wait. */
export class HttpPool {
  private readonly base: URL;
  private readonly idle: Connection[] = [];
  private readonly queued: ((c: Connection) => void)[] = [];
  private open = 0;

  constructor(
    base: string,
    private readonly maxConnections: number,
  ) {
    this.base = new URL(base);
  }

  async request(method: string, path: string, opts: RequestOptions = {}): Promise<RawReply> {
    const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.base.host}\r\n`;
    for (const [name, value] of Object.entries(opts.headers ?? {})) head += `${name}: ${value}\r\n`;
    if (body) head += `content-length: ${body.length}\r\n`;
    const connection = await this.acquire();
    try {
      return await connection.send(`${head}\r\n`, body);
    } finally {
      this.release(connection);
    }
  }

  close(): void {
    for (const connection of this.idle.splice(0)) connection.close();
  }

  private acquire(): Promise<Connection> {
    const ready = this.idle.pop();
    if (ready) return Promise.resolve(ready);
    if (this.open < this.maxConnections) {
      this.open++;
      return Promise.resolve(new Connection(this.base));
    }
    return new Promise((resolve) => this.queued.push(resolve));
  }

  private release(connection: Connection): void {
    if (connection.closed) {
      this.open--;
      const next = this.queued.shift();
      if (next) {
        this.open++;
        next(new Connection(this.base));
      }
      return;
    }
    const next = this.queued.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }
}
