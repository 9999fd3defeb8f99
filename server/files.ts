import type { FastifyReply } from 'fastify';

/** A file the shop hands over (an invoice's PDF, a courier's label, an archive): its name and its content. */
export interface ServedFile {
  name: string;
  body: Buffer | string;
}

/**
 * Sends a file that belongs to one customer or to the owner: of `type`, shown in the browser (`inline`) or saved
 * (`attachment`) under its name, and kept by no cache on the way.
 */
export function sendPrivateFile(reply: FastifyReply, file: ServedFile, type: string, disposition: 'inline' | 'attachment') {
  return reply.header('Content-Type', type).header('Content-Disposition', `${disposition}; filename="${file.name}"`).header('Cache-Control', 'private, no-store').send(file.body);
}
