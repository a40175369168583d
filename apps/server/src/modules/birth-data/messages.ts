import { CLOCK_MESSAGES } from './birth-moment.ts';

export const MESSAGES = {
  saved: 'Your birth data was saved.',
  updated: 'Your birth data was updated.',
  deleted: 'Your birth data was deleted.',
  alreadySaved: 'You have already saved your birth data. Update it instead.',
  nothingSaved: 'You have not saved any birth data yet.',
  future: 'The date and time of birth are in the future.',
  unknownZone: (zone: string) =>
    `"${zone}" is not a known time zone (use an IANA name such as Europe/Paris).`,
  placeIdUnknown: 'This place is not in the atlas. Please choose the place again.',
  placeNotFound: (city: string, country: string) =>
    `We could not find ${city} in ${country}. Please check the spelling or choose a place from the list.`,
  placeAmbiguous: (city: string, count: number) =>
    `There are ${count} places called ${city}. Please choose the one you were born in.`,
  ...CLOCK_MESSAGES,
} as const;
