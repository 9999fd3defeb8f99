/** Run by `npm run build` from its bundle: writes the empty cluster new data folders are loaded from (db/client.ts). */
import { writeNewCluster } from './client';

await writeNewCluster();
