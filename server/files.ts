import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * A file the shop hands over (an invoice's PDF, a courier's label, an archive): its name and its content, whole or
 * as a stream sent while it is made (so a long one keeps the connection busy: the server cuts one idle for 60 s).
 */
export interface ServedFile {
  name: string;
  body: Buffer | string | Readable;
}

/**
 * A ZIP of `files`, made one file at a time as they come and sent as it goes: each file is read from `files` only once
 * the ZIP so far has been handed on. Stored, not compressed (PDFs and ZIPs are compressed already).
 */
export async function* zipStream(files: AsyncIterable<[name: string, content: Uint8Array]>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  for await (const [name, content] of files) {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(content, true);
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  zip.end();
  if (failure) throw failure;
  yield* ready.splice(0);
}

/** A ZIP of `files` as a stream to send (zipStream). */
export const zipFile = (files: AsyncIterable<[name: string, content: Uint8Array]>) => Readable.from(zipStream(files));

/**
 * Sends a file that belongs to one customer or to the owner: of `type`, shown in the browser (`inline`) or saved
 * (`attachment`) under its name, and kept by no cache on the way.
 */
export function sendPrivateFile(reply: FastifyReply, file: ServedFile, type: string, disposition: 'inline' | 'attachment') {
  return reply.header('Content-Type', type).header('Content-Disposition', `${disposition}; filename="${file.name}"`).header('Cache-Control', 'private, no-store').send(file.body);
}
