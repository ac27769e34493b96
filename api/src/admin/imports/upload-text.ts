/**
 * The text of an upload, decoded piece by piece as the bytes arrive, and whether it turned out not to be
 * text: a NUL byte or bytes that are not UTF-8 mean a spreadsheet's binary format (xlsx), an image or a zip,
 * which would otherwise become one long row of nonsense. The pieces stop at the first such byte.
 */
export class UploadText {
  notText = false;

  constructor(private readonly bytes: AsyncIterable<Buffer>) {}

  async *pieces(): AsyncGenerator<string> {
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
    let first = true;
    for await (const chunk of this.bytes) {
      this.notText ||= chunk.includes(0);
      const text = this.notText ? undefined : this.decode(decoder, chunk);
      if (text === undefined) return;
      // A second byte order mark (the decoder drops the first) is no part of the header either.
      yield first && text.startsWith('\uFEFF') ? text.slice(1) : text;
      first = false;
    }
    const rest = this.decode(decoder);
    if (rest) yield rest;
  }

  private decode(decoder: TextDecoder, chunk?: Buffer): string | undefined {
    try {
      return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
    } catch {
      this.notText = true;
      return undefined;
    }
  }
}
