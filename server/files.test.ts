import { strToU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipStream } from './files';

describe('a ZIP sent as it is made', () => {
  it('hands on each file’s bytes before the next file is even read, and ends as a ZIP of them all', async () => {
    const read: string[] = [];
    async function* files(): AsyncGenerator<[string, Uint8Array]> {
      for (const name of ['SST-0001.pdf', 'SST-0001.xml', 'SST-0002.pdf']) {
        read.push(name);
        yield [name, strToU8(`content of ${name}`)];
      }
    }
    const stream = zipStream(files());
    const first = await stream.next();
    // The first file's entry is out while the second is not read yet: a long archive keeps its connection busy.
    expect(first.done).toBe(false);
    expect(read).toEqual(['SST-0001.pdf']);
    const chunks = [first.value as Uint8Array];
    for await (const chunk of stream) chunks.push(chunk);
    const zip = new Uint8Array(Buffer.concat(chunks));
    const unzipped = unzipSync(zip);
    expect(Object.keys(unzipped)).toEqual(['SST-0001.pdf', 'SST-0001.xml', 'SST-0002.pdf']);
    expect(Buffer.from(unzipped['SST-0002.pdf']!).toString()).toBe('content of SST-0002.pdf');
  });
});
