import { LEGAL_LAST_UPDATED, PRODUCT, STRIPE_COOKIES_URL, SUPPORT_LINK } from './facts.ts';
import { DEVICE_STORAGE_BLOCK } from './storage-items.ts';
import type { LegalDocument } from './types.ts';

export const COOKIE_POLICY: LegalDocument = {
  title: 'Cookie policy',
  description: `${PRODUCT} sets no cookies and uses no third-party trackers. Here is every item the app keeps in your browser, why, and how to remove it.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  tableOfContents: true,
  summary: [
    'The app sets **no cookies** at all.',
    'It keeps a few items in your browser’s local storage, each needed for something you use: your theme, your sign-in, your saved birth data and a partner code you arrived with. It also keeps a copy of its own files, and while you are signed in the last copy of your account and chart, so it opens offline; that copy is deleted when you log out.',
    'There are **no third-party trackers**: no analytics, advertising or social media scripts. Partner visits are counted by our own server only.',
  ],
  intro: [
    {
      kind: 'paragraph',
      text: `Websites often store small pieces of data on your device, in cookies or in the browser’s local storage. This page lists everything ${PRODUCT} stores on your device and why. How we handle personal data in general is explained in our [privacy policy](/privacy-policy).`,
    },
  ],
  sections: [
    {
      id: 'no-cookies',
      heading: 'We set no cookies',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The app sets no cookies: not to sign you in, not to measure visits, not for advertising. To keep you signed in it holds a token in local storage and sends it to our server in a request header, which only our app can do; other websites cannot make your browser send it.',
        },
        {
          kind: 'paragraph',
          text: 'Everything the app stores is needed for something you asked for, such as staying signed in or getting the discount a partner’s link offers. That is why you see no cookie banner and are not asked to consent.',
        },
        {
          kind: 'paragraph',
          text: `When you pay or manage your card you are on Stripe’s own pages, not ours. Stripe may set cookies there, to process the payment and to prevent fraud, under its [cookie policy](${STRIPE_COOKIES_URL}).`,
        },
      ],
    },
    {
      id: 'stored-items',
      heading: 'What the app keeps on your device',
      blocks: [
        {
          kind: 'paragraph',
          text: 'This is the complete list. Unlike cookies, these items are not sent anywhere by themselves: the app reads them on your device. It sends only the sign-in token, with each request to our server, and the partner code, when it records a partner visit and when you subscribe.',
        },
        DEVICE_STORAGE_BLOCK,
      ],
    },
    {
      id: 'no-trackers',
      heading: 'No third-party trackers',
      blocks: [
        {
          kind: 'list',
          items: [
            'No analytics services, advertising pixels, social media buttons or fingerprinting.',
            'No scripts or fonts loaded from other companies’ servers: the app and its typefaces come from our own server.',
            'Partner visits are counted **first-party**: when you arrive through a partner’s link, the app reports the visit to our own server, at most once a day per code. No other company receives it. The [privacy policy](/privacy-policy#partner-visits) says what is recorded.',
          ],
        },
      ],
    },
    {
      id: 'your-choices',
      heading: 'How to remove it',
      blocks: [
        {
          kind: 'list',
          items: [
            '**Sign out** to clear your sign-in token, your account details and your birth data from the device.',
            '**Clear this site’s data** in your browser’s settings (usually under privacy or site settings) to remove every item on this page, including your theme choice, any partner code and the offline copy of the app.',
            '**Uninstall the app** if you installed it; on most systems this also removes what it stored.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'If your browser blocks local storage, the app still works, but it forgets your sign-in and your theme when you close it.',
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If the app starts storing anything new on your device, we add it to this page and update the date at the top before the change is released.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        {
          kind: 'paragraph',
          text: `Questions about this page: write to ${SUPPORT_LINK} or use the [contact form](/contact).`,
        },
      ],
    },
  ],
};
