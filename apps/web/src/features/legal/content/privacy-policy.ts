import {
  ATTRIBUTION_DAYS,
  LEGAL_LAST_UPDATED,
  PRODUCT,
  SESSION_DAYS,
  STRIPE_PRIVACY_URL,
  SUPPORT_LINK,
} from './facts.ts';
import { DEVICE_STORAGE_BLOCK } from './storage-items.ts';
import type { LegalDocument } from './types.ts';

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy policy',
  description: `What ${PRODUCT} collects, why, who helps us process it, how long we keep it, and how you can export or delete your data yourself in Settings.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  tableOfContents: true,
  summary: [
    'We collect what the service needs to work: your account details, the birth data you enter, your conversations with the astrology assistant, references to your payments (never card numbers) and technical details of the devices you are signed in on.',
    'We treat your birth data and your conversations as sensitive. We never sell your data, show you ads or use third-party trackers, and the app sets no cookies.',
    'You can download everything we keep about you, or delete your account, at any time in [Settings](/settings).',
  ],
  intro: [
    {
      kind: 'paragraph',
      text: `This policy explains how ${PRODUCT} (“we”, “us”) handles personal data when you use our web app, including the version you can install on your phone or computer. It covers what we collect, why, who helps us, how long we keep it, and the rights you have. We have tried to write it so that you do not need a lawyer to read it.`,
    },
  ],
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who is responsible for your data',
      blocks: [
        {
          kind: 'paragraph',
          text: `${PRODUCT} decides how and why your personal data is processed, which makes us the “controller” of it under data protection law such as the EU and UK General Data Protection Regulation (GDPR).`,
        },
        {
          kind: 'paragraph',
          text: `For anything about your data, write to ${SUPPORT_LINK} or use our [contact form](/contact). We answer within one month at the latest, and usually much sooner.`,
        },
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We collect only what you give us and what the service needs to run. Here is all of it.',
        },
      ],
      subsections: [
        {
          id: 'account-details',
          heading: 'Account details',
          blocks: [
            {
              kind: 'paragraph',
              text: 'When you register: your **name**, your **email address** and your **password**. We never store the password itself, only a **password hash**: a one-way fingerprint made with the argon2id algorithm, from which the password cannot be recovered. We can check a password you type against it, but nobody, including us, can read your password from it.',
            },
            {
              kind: 'paragraph',
              text: 'With your account we also keep when it was created, its role (a regular user or one of our operators) and whether you have confirmed your email address. The links we email to confirm your address or reset your password contain a one-time secret; we store only a hash of it, it works once, and it expires after 24 hours (confirmation) or one hour (password reset).',
            },
          ],
        },
        {
          id: 'birth-data',
          heading: 'Birth data',
          blocks: [
            {
              kind: 'paragraph',
              text: 'To draw your natal chart you enter a **name for the chart** and your **date, time and place of birth** (city and country). From the place we work out its coordinates and time zone. If you do not know your birth time, we store that fact instead and leave out what depends on it. Your chart, your daily cosmic landscape and the assistant’s answers are all computed from this data.',
            },
            {
              kind: 'note',
              text: 'Birth data is **sensitive personal data**. Together with your name it can identify you, a birth date is often used to confirm who you are elsewhere, and the fact that you use an astrology service can say something about your beliefs. We protect it accordingly; see [how we treat sensitive data](#sensitive-data).',
            },
          ],
        },
        {
          id: 'conversations',
          heading: 'Conversations with the astrology assistant',
          blocks: [
            {
              kind: 'paragraph',
              text: 'The **messages you write** to the assistant, its **answers**, and when each was sent. We keep them so you can return to a conversation and so the assistant can take earlier messages into account.',
            },
            {
              kind: 'paragraph',
              text: 'Please share only what you are comfortable with. You do not need to tell the assistant about your health, your finances or other people’s private lives to get a good answer.',
            },
          ],
        },
        {
          id: 'payment-references',
          heading: 'Subscription and payment references',
          blocks: [
            {
              kind: 'paragraph',
              text: 'Your **plan**, the **status** of your subscription, trial and renewal dates, the **amounts** charged, any coupon or partner code you used, and the **references** our payment provider Stripe gives us (a customer and a subscription identifier) so we can match its records to your account.',
            },
            {
              kind: 'paragraph',
              text: 'You enter your card details on Stripe’s payment page, and they go straight to Stripe. **We never receive or store your card number or security code.**',
            },
          ],
        },
        {
          id: 'security-data',
          heading: 'Sessions and security data',
          blocks: [
            {
              kind: 'paragraph',
              text: `Each time you sign in on a device we start a **session**. For each session we keep when it started and was last used, the **IP address** it was used from and the **user agent** your browser sends (which names the browser and operating system). This lets you recognise your devices in [Settings](/settings) and sign out any you do not recognise, and it helps us detect and stop attacks on accounts. A session ends when you sign out, and at the latest ${SESSION_DAYS} days after you signed in; we then delete its record.`,
            },
            {
              kind: 'paragraph',
              text: 'To slow down password guessing and other abuse, our servers briefly count failed sign-ins and requests per email address and per IP address. Our servers also write technical logs of the requests they handle (time, address requested, result and IP address) so we can keep the service running and investigate faults. Logs never contain passwords or sign-in tokens.',
            },
          ],
        },
        {
          id: 'partner-visits',
          heading: 'Arriving through a partner',
          blocks: [
            {
              kind: 'paragraph',
              text: `Some people and websites recommend ${PRODUCT} as partners. If you open the app through a link that carries a partner code, the app remembers the code on your device (see [data on your device](#on-your-device)) and tells our own server about the visit once a day at most: the code, the page you arrived on, the referring page your browser reports, and the time. If you register within ${ATTRIBUTION_DAYS} days, your account is linked to that partner, and the partner earns a commission on what you pay. Partners see counts and amounts only, never your name, your email address or anything else about you.`,
            },
          ],
        },
        {
          id: 'messages-to-us',
          heading: 'Messages you send us',
          blocks: [
            {
              kind: 'paragraph',
              text: 'When you write to support or use the contact form: your name, your email address, the topic you choose and your message, so that we can answer you.',
            },
          ],
        },
      ],
    },
    {
      id: 'what-we-do-not-collect',
      heading: 'What we do not collect',
      blocks: [
        {
          kind: 'list',
          items: [
            'Card numbers and security codes: they stay with Stripe.',
            'Your precise location: only the birth place you type in.',
            'Advertising identifiers, and data from analytics, advertising or social media trackers: the app has none of them.',
            'Cookies: the app sets none. See our [cookie policy](/cookie-policy).',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We do not sell or rent personal data, we do not use it for advertising, and we do not send marketing emails. The emails you receive from us are about your account and your subscription.',
        },
      ],
    },
    {
      id: 'why-we-use-it',
      heading: 'Why we use it, and on what legal grounds',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Data protection law requires a legal ground for each use of personal data. These are ours (the article numbers refer to the GDPR and the UK GDPR):',
        },
        {
          kind: 'table',
          caption: 'Purposes and legal grounds',
          columns: ['What we do', 'Legal ground'],
          rows: [
            [
              'Create and run your account, sign you in, and provide the chart, landscape and assistant you signed up for (account details, birth data, conversations)',
              'Performing our contract with you (Article 6(1)(b)).',
            ],
            [
              'Process your birth data and your conversations, which we treat as sensitive',
              'Your explicit consent (Article 9(2)(a)), which you give when you enter them and can withdraw at any time by deleting them. Withdrawing does not affect what was done before.',
            ],
            [
              'Take payments and manage your subscription (payment references)',
              'Performing our contract with you (Article 6(1)(b)).',
            ],
            [
              'Keep records of payments (amounts, dates, invoices)',
              'Our legal obligations under tax and accounting law (Article 6(1)(c)).',
            ],
            [
              'Send the emails the service needs: address confirmation, password reset, security notices such as “your password was changed”, and subscription notices',
              'Performing our contract with you (Article 6(1)(b)).',
            ],
            [
              'Protect your account and the service: sessions, throttling of repeated attempts, technical logs',
              'Our legitimate interest, and yours, in a secure service (Article 6(1)(f)).',
            ],
            [
              'Credit partners for the customers they bring',
              'Our legitimate interest in running the partner programme (Article 6(1)(f)). You can object; see [your rights](#your-rights).',
            ],
            [
              'Answer your messages',
              'Our legitimate interest in helping you (Article 6(1)(f)), or our contract with you when your message is about your account.',
            ],
          ],
        },
        {
          kind: 'paragraph',
          text: 'The assistant writes its answers automatically, but neither it nor anything else in the service makes decisions about you that have legal or similarly significant effects.',
        },
      ],
    },
    {
      id: 'sensitive-data',
      heading: 'How we treat your birth data and conversations',
      blocks: [
        {
          kind: 'list',
          items: [
            'We use them only to give you your chart, your daily landscape and the assistant’s answers.',
            'Only you can see them in the app. We never share them with partners, never sell them and never use them for advertising.',
            'Our staff look at them only when you ask us to help with a problem that needs it, or when the law requires it.',
            'You can download them at any time and delete them together with your account; see [your rights](#your-rights).',
          ],
        },
      ],
    },
    {
      id: 'assistant',
      heading: 'The astrology assistant',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The assistant’s answers are generated automatically from your chart and your conversation; no person reads your conversation to write them. By default they are generated on our own servers.',
        },
        {
          kind: 'paragraph',
          text: 'We may switch on an external AI provider to write better answers. When it is on, for each answer we send the provider only what it needs: your message, the recent conversation, and the chart facts the answer depends on, such as the signs, houses and aspects of the planets. We never send it your email address, your password or your payment details. We require the provider, by contract, to use this data only to produce the answer and not to train its models on it. Before we switch a provider on, we name it in [who helps us](#processors) and change the date at the top of this policy.',
        },
      ],
    },
    {
      id: 'processors',
      heading: 'Who helps us: our processors',
      blocks: [
        {
          kind: 'paragraph',
          text: 'A few companies process personal data on our behalf. Each works under a written contract, only on our instructions, and may not use the data for anything else.',
        },
        {
          kind: 'entries',
          items: [
            {
              title: 'Stripe (payments)',
              facts: [
                {
                  label: 'What it does',
                  text: 'Takes card payments, runs subscriptions and invoices, and provides the page where you manage your card.',
                },
                {
                  label: 'What it receives',
                  text: 'Your email address and name, your plan and the amounts due, and the card details you enter on its page (which we never see).',
                },
                {
                  label: 'Note',
                  text: `For fraud prevention and its own legal duties Stripe also acts as an independent controller; its [privacy policy](${STRIPE_PRIVACY_URL}) explains how.`,
                },
              ],
            },
            {
              title: 'Email delivery provider',
              facts: [
                { label: 'What it does', text: 'Delivers the emails the service sends you.' },
                {
                  label: 'What it receives',
                  text: 'Your email address, your name and the content of each email, for example a confirmation link.',
                },
              ],
            },
            {
              title: 'AI provider (only when switched on)',
              facts: [
                {
                  label: 'What it does',
                  text: 'Writes the assistant’s answers; see [the astrology assistant](#assistant). Not in use unless named here.',
                },
                {
                  label: 'What it receives',
                  text: 'Your message, the recent conversation and the chart facts the answer needs. No email address, password or payment details.',
                },
              ],
            },
          ],
        },
        {
          kind: 'paragraph',
          text: 'The servers and the database that run the service are operated by us or rented from a hosting provider bound by the same kind of contract. Beyond these processors, we disclose personal data only when the law obliges us to (for example a valid court order), to protect the safety of people or of the service, or, if our business is ever transferred, to the new owner, who must keep this policy or tell you first.',
        },
      ],
    },
    {
      id: 'international-transfers',
      heading: 'Data sent to other countries',
      blocks: [
        {
          kind: 'paragraph',
          text: `Some of our processors may handle data outside your country, including outside the European Economic Area and the United Kingdom. When they do, we rely on an adequacy decision for the destination country or on the European Commission’s Standard Contractual Clauses (with the UK addendum where it applies). Write to ${SUPPORT_LINK} for a copy of the safeguards.`,
        },
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        {
          kind: 'table',
          caption: 'Retention periods',
          columns: ['Data', 'How long'],
          rows: [
            ['Account details', 'As long as your account exists.'],
            ['Birth data and the chart computed from it', 'Until you change it or delete your account.'],
            ['Conversations with the assistant', 'As long as your account exists.'],
            [
              'Session records (IP address, user agent)',
              `Until you sign out of that session, and at most ${SESSION_DAYS} days after you signed in.`,
            ],
            [
              'Confirmation and password reset links',
              'Until used, and at most 24 hours (confirmation) or one hour (reset).',
            ],
            ['Emails we send you', 'Until delivered; any copy left is deleted with your account.'],
            ['Technical logs', 'Up to 30 days.'],
            [
              'Partner visit records',
              'As long as needed to calculate and pay partner commissions, and at most 13 months.',
            ],
            ['Messages you send us', 'Until your question is settled, and then at most 12 months.'],
            [
              'Payment records (amounts, dates, invoices, Stripe references)',
              'As long as tax and accounting law requires, which can be up to 10 years, even after you delete your account. They are kept apart from your profile and used for nothing else.',
            ],
          ],
        },
        {
          kind: 'paragraph',
          text: 'When you delete something it is removed from our live database at once. Copies in our backups are overwritten within 30 days.',
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights, and how to use them',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The GDPR, the UK GDPR and similar laws give you rights over your personal data. You can use the most important ones yourself, straight away, in the app:',
        },
        {
          kind: 'entries',
          items: [
            {
              title: 'Get a copy of your data (access and portability)',
              facts: [
                {
                  label: 'In the app',
                  text: 'In [Settings](/settings), under **Your data**, choose **Export my data**. You get a JSON file with everything we keep about you: your account details, your sessions, your birth data and the data of every other part of the service.',
                },
              ],
            },
            {
              title: 'Correct your data',
              facts: [
                {
                  label: 'In the app',
                  text: 'Change your name in [Settings](/settings), under **Profile**, and your birth data on the [birth data page](/birth-form).',
                },
                {
                  label: 'Otherwise',
                  text: `To change anything else, such as your email address, write to ${SUPPORT_LINK}.`,
                },
              ],
            },
            {
              title: 'Delete your data (erasure)',
              facts: [
                {
                  label: 'In the app',
                  text: 'In [Settings](/settings), under **Your data**, choose **Delete account** and confirm with your password. We delete your account, birth data, conversations and sessions at once, and email you to confirm. Only the payment records the law makes us keep remain, as described under [how long we keep it](#retention).',
                },
                {
                  label: 'Otherwise',
                  text: `To delete only your birth data and keep your account, write to ${SUPPORT_LINK}.`,
                },
              ],
            },
            {
              title: 'Control where you are signed in',
              facts: [
                {
                  label: 'In the app',
                  text: 'In [Settings](/settings), under **Devices**, you see every device you are signed in on with its browser, IP address and when it was last active. **Sign out** any of them, or choose **Sign out everywhere else**. Changing or resetting your password also signs out your other devices. Each of these also stops your private calendar address, which shows your transits and placements without a sign-in; make a new one on your cosmic landscape page.',
                },
              ],
            },
            {
              title: 'Withdraw consent, object or restrict',
              facts: [
                {
                  label: 'How',
                  text: `Withdraw your consent to the processing of your birth data and conversations by deleting them as described above. To object to a use based on our legitimate interests, such as crediting a partner, or to ask us to pause a use while a question is settled, write to ${SUPPORT_LINK}.`,
                },
              ],
            },
            {
              title: 'Complain',
              facts: [
                {
                  label: 'How',
                  text: 'You can complain to the data protection authority where you live or work. We would be grateful for the chance to put things right first, so please tell us too.',
                },
              ],
            },
          ],
        },
        {
          kind: 'paragraph',
          text: 'Using your rights is free. We answer within one month; if a request is complex we may take up to two more months and will tell you why. To protect your account we may ask you to write from the email address it uses.',
        },
      ],
    },
    {
      id: 'on-your-device',
      heading: 'Data on your device',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The app sets **no cookies** and loads **no third-party trackers**: no analytics, advertising or social media scripts. Partner visits are counted by our own server only. To work, the app keeps the following in your browser’s storage on your device; our [cookie policy](/cookie-policy) explains how to remove it.',
        },
        DEVICE_STORAGE_BLOCK,
        {
          kind: 'paragraph',
          text: 'Signing out clears your sign-in token, your account details and your birth data from the device you sign out on.',
        },
      ],
    },
    {
      id: 'security',
      heading: 'How we keep it safe',
      blocks: [
        {
          kind: 'list',
          items: [
            'Every connection to the service is encrypted (HTTPS).',
            'Passwords are stored only as argon2id hashes, and repeated failed sign-ins are slowed down.',
            'Every request is checked against a live session, so signing out, changing your password or deleting your account takes effect immediately.',
            'Links in our emails are single-use and expire quickly.',
            'Only the few people who run the service can reach its servers, and only to operate them.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'No system is perfectly secure. If a breach puts your data at risk, we will tell you without undue delay and inform the authorities as the law requires.',
        },
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        {
          kind: 'paragraph',
          text: `${PRODUCT} is for people aged 16 and over. We do not knowingly collect data about anyone younger; if we learn that an account belongs to a child under 16, we delete it. If you believe a child has given us their data, please write to ${SUPPORT_LINK}.`,
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        {
          kind: 'paragraph',
          text: 'When we change this policy we update the date at the top. If a change matters for how we use your data, we tell you by email or in the app before it takes effect. Earlier versions are available on request.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        {
          kind: 'paragraph',
          text: `Questions, requests or worries about your data: write to ${SUPPORT_LINK} or use the [contact form](/contact).`,
        },
      ],
    },
  ],
};
