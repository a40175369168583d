import { create } from 'zustand';

/**
 * Who is signed in, for the parts of the app other than the account feature (which owns the
 * session): the id keeps a person's own settings apart from others' on a shared device, the name
 * is suggested where one is asked for. The app keeps it in step with the account (app/session.ts).
 */
interface SignedInPerson {
  id: string;
  name: string;
}

export const useSignedInPerson = create<{ person: SignedInPerson | null }>()(() => ({ person: null }));

/** Sets the person, leaving the state alone when nothing that is shared changed. */
export function setSignedInPerson(user: SignedInPerson | null): void {
  const current = useSignedInPerson.getState().person;
  if (current?.id === user?.id && current?.name === user?.name) return;
  useSignedInPerson.setState({ person: user ? { id: user.id, name: user.name } : null });
}
