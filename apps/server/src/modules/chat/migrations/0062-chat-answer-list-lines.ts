import { type Kysely, sql } from 'kysely';

// Until 0.1.3 the built-in assistant's stream dropped the line break between the items of a list
// ("… come easily. - **Venus trines your natal Mars**: …"), and the answers were stored that way,
// so they showed as one paragraph. Its list items all start with "- **" after a full stop: put each
// back on its own line. Answers of an outside assistant service are left as they were written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update chat_messages
    set content = replace(content, ${'. - **'}, ${'.\n- **'})
    where role = 'assistant' and (provider = 'builtin' or fallback = 1) and content like ${'%. - **%'}
  `.execute(db);
}
