import type { OkMessage } from '@app/contracts/errors.ts';
import type { PeopleList, Person, PersonInput, Synastry } from '@app/contracts/people.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// /api/people: the people in the person's life, and the comparison of a person's chart with theirs.

export const peopleQuery = () =>
  queryOptions({
    queryKey: queryKeys.people.list(),
    queryFn: async ({ signal }) => (await api.get<PeopleList>('/api/people', { signal })).data,
  });

export const synastryQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.people.synastry(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Synastry }>(`/api/people/${encodeURIComponent(id)}/synastry`, { signal })).data
        .data,
    staleTime: 10 * 60_000,
  });

/** Adds a person, or changes one when `id` is given. */
export async function savePerson(body: PersonInput, id?: string): Promise<Person> {
  const { data } = id
    ? await api.put<{ data: Person }>(`/api/people/${encodeURIComponent(id)}`, body)
    : await api.post<{ data: Person }>('/api/people', body);
  return data.data;
}

export async function removePerson(id: string): Promise<string> {
  const { data } = await api.delete<OkMessage>(`/api/people/${encodeURIComponent(id)}`);
  return data.message;
}
