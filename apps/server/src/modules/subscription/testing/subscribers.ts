import type { FastifyInstance } from 'fastify';
import { register, secretFromOutbox, uniqueEmail } from '../../../testing/harness.ts';

/** A registered person who has confirmed their email, as checkout requires. */
export async function verifiedUser(app: FastifyInstance, email = uniqueEmail()) {
  const person = await register(app, email);
  await app.inject(`/api/auth/verify-email/${await secretFromOutbox(app, email, 'verify-email')}`);
  return person;
}
