import pg from 'pg';

interface Corkable { cork?: () => void; uncork?: () => void }
interface QueryProto { submit(this: unknown, connection: { stream: Corkable }): unknown; __corked?: boolean }

/**
 * node-pg writes each message of an extended-protocol query (Parse, Bind, Describe, Execute, Sync) to the socket on
 * its own: five system calls per query. Under the list load that was the server's largest cost (socket writes 28 %
 * of its CPU, docs/performance.md). Corking the socket while a query is submitted sends the messages in one write; the
 * bytes and their order are unchanged. Applied once, to every pool and client of the process.
 */
export function corkQuerySubmits(): void {
  const proto = (pg as unknown as { Query: { prototype: QueryProto } }).Query.prototype;
  if (proto.__corked) return;
  const submit = proto.submit;
  proto.submit = function corkedSubmit(connection) {
    const stream = connection.stream;
    stream.cork?.();
    try {
      return submit.call(this, connection);
    } finally {
      stream.uncork?.();
    }
  };
  proto.__corked = true;
}
