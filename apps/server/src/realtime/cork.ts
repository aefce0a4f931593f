import type { Socket as NetSocket } from "node:net";

const CORKED = Symbol("atrium.corkedPerTick");

/**
 * Makes the writes one tick makes to a TCP socket leave in one system call. A burst of inbound
 * messages becomes dozens of events for each agent socket in the same tick, and Socket.IO
 * writes each one as its own WebSocket frame: one `writev` per frame, which on a virtual
 * machine costs more than encoding the event. Corked until the tick's end, the frames go out
 * together, in order; nothing waits longer than the current tick.
 */
export function corkPerTick(socket: NetSocket): void {
  const marked = socket as NetSocket & { [CORKED]?: true };
  if (marked[CORKED]) return;
  marked[CORKED] = true;
  const write = socket.write;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  socket.write = function (this: NetSocket, ...args: Parameters<NetSocket["write"]>) {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return write.apply(this, args);
  } as NetSocket["write"];
}
