import { openPostgres } from './src/db/client.js';
const d = await openPostgres(process.argv[2] as string, 2);
await d.migrate();
console.log('migrated');
await d.close();
