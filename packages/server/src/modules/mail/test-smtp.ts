import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A real SMTP server on 127.0.0.1 for the mail tests: every accepted message is parsed (mailparser) and handed to
 * whoever waits with next(). refuse(true) makes it answer 550 to every message.
 */
export async function startTestSmtp() {
  const inbox: ParsedMail[] = [];
  const waiting: ((m: ParsedMail) => void)[] = [];
  let refusing = false;
  let received = 0;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })));
        return;
      }
      simpleParser(stream).then((mail) => {
        received++;
        const w = waiting.shift();
        if (w) w(mail); else inbox.push(mail);
        callback();
      }, (err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The next message the server accepts (one already waiting, or the next to arrive). */
    next(): Promise<ParsedMail> {
      const m = inbox.shift();
      return m ? Promise.resolve(m) : new Promise((resolve) => waiting.push(resolve));
    },
    /** How many messages were accepted so far. */
    get received() { return received; },
    refuse(on: boolean) { refusing = on; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;
