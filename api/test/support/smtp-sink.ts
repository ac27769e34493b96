import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free port (or a given one) that keeps every mail it accepts, parsed. */
export class SmtpSink {
  readonly mails: ParsedMail[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  async start(port = 0): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.mails.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    const address = server.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    this.server = server;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = undefined;
  }
}
