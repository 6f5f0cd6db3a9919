import { diffMigrationsToSchema } from '~/server/db/migrations';
async function main() {
const t = Date.now();
const sql = await diffMigrationsToSchema();
console.log(sql);
console.log('ms', Date.now() - t);
process.exit(0);
}
void main().catch((e) => { console.error('ERR', e); process.exit(1); });
