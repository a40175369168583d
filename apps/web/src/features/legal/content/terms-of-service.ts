import { APP_STAGE, APP_VERSION_LABEL } from '@app/contracts/constants.ts';
import { LEGAL_LAST_UPDATED, PRODUCT, SUPPORT_LINK } from './facts.ts';
import type { Block, LegalDocument } from './types.ts';

const BETA_NOTICE: Block[] =
  APP_STAGE === 'beta'
    ? [
        {
          kind: 'paragraph',
          text: `${PRODUCT} is in beta (version ${APP_VERSION_LABEL}). Features may change, and some may be added or taken away as we improve the service; see the [release notes](/updates) for what has changed.`,
        },
      ]
    : [];

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of service',
  description: `The agreement between you and ${PRODUCT}: who can use it, subscriptions, trials, renewal, cancellation and refunds, acceptable use and our responsibilities.`,
  lastUpdated: LEGAL_LAST_UPDATED,
  tableOfContents: true,
  summary: [
    'You must be 16 or older. Keep your password to yourself.',
    'Astrology here is for reflection and entertainment. It is not medical, legal, psychological or financial advice, and the assistant’s answers are generated automatically and can be wrong.',
    'Subscriptions renew automatically until you cancel on the [subscription page](/subscription). Cancelling takes effect at the end of the period you have paid for, and you keep access until then.',
  ],
  intro: [
    {
      kind: 'paragraph',
      text: `These terms are the agreement between you and ${PRODUCT} (“we”, “us”) for using our web app, including the version you can install on your device. By creating an account you accept them. Our [privacy policy](/privacy-policy) explains how we handle your data. If you use ${PRODUCT} as a consumer, nothing in these terms takes away the rights the law of your country gives you.`,
    },
  ],
  sections: [
    {
      id: 'eligibility',
      heading: `Who can use ${PRODUCT}`,
      blocks: [
        {
          kind: 'list',
          items: [
            'You must be at least 16 years old.',
            'An account is for one person. Give your real name and an email address you can receive mail at.',
            'You may have one account. Creating more to get more free trials or discounts is not allowed.',
          ],
        },
      ],
    },
    {
      id: 'your-account',
      heading: 'Your account',
      blocks: [
        {
          kind: 'list',
          items: [
            'Confirm your email address with the link we send you; some features need a confirmed address.',
            'Choose a password you do not use elsewhere, keep it secret, and do not share your account.',
            'You are responsible for what happens in your account. If you think someone else has used it, change your password (this signs out your other devices), check your sessions in [Settings](/settings), and tell us.',
            'You can delete your account at any time in [Settings](/settings).',
          ],
        },
      ],
    },
    {
      id: 'what-it-is',
      heading: 'What the service is, and what it is not',
      blocks: [
        {
          kind: 'paragraph',
          text: `${PRODUCT} offers astrology guidance: a natal chart computed from your birth data, a daily overview of the sky in relation to your chart (the cosmic landscape), and a chat with an astrology assistant.`,
        },
        {
          kind: 'note',
          text: 'Astrology is offered **for reflection and entertainment**. It is **not medical, legal, psychological or financial advice** and does not replace a doctor, therapist, lawyer or financial adviser. Do not start, stop or delay treatment, or make legal or financial decisions, because of a reading. If you are in crisis or in danger, contact your local emergency number straight away.',
        },
        {
          kind: 'paragraph',
          text: 'The positions of the planets are calculated precisely; what they mean for your life is interpretation. Readings describe themes and possibilities, not facts about you or predictions of what will happen.',
        },
        ...BETA_NOTICE,
      ],
    },
    {
      id: 'assistant',
      heading: 'The astrology assistant',
      blocks: [
        {
          kind: 'list',
          items: [
            'The assistant’s answers are **generated automatically** by software, not written by a human astrologer. They can be **wrong**, incomplete or inconsistent, and may misunderstand your question. Check anything that matters to you.',
            'Do not rely on an answer for decisions about your health, safety, relationships, money or legal matters.',
            'Your plan may limit how many messages you can send each day; the [subscription page](/subscription) shows the limits.',
            'Do not share other people’s private information with the assistant without their permission.',
          ],
        },
      ],
    },
    {
      id: 'subscriptions',
      heading: 'Subscriptions and payments',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The chart, the cosmic landscape and the assistant need a paid subscription. Payments are processed by Stripe, so Stripe’s own terms also apply to the payment itself.',
        },
      ],
      subsections: [
        {
          id: 'plans-and-prices',
          heading: 'Plans and prices',
          blocks: [
            {
              kind: 'paragraph',
              text: 'The [subscription page](/subscription) shows each plan’s price, billing period, trial length and what it includes before you pay. Prices include the taxes we are required to charge, unless the page says otherwise.',
            },
          ],
        },
        {
          id: 'trials',
          heading: 'Free trials',
          blocks: [
            {
              kind: 'list',
              items: [
                'Where a plan includes a free trial, you are not charged during the trial. You give a payment method when the trial starts.',
                'We email you 3 days before the trial ends.',
                'If you cancel before the trial ends, you are never charged. Otherwise the subscription starts when the trial ends, and the plan’s price is charged then.',
                'One free trial per person.',
              ],
            },
          ],
        },
        {
          id: 'renewal',
          heading: 'Automatic renewal',
          blocks: [
            {
              kind: 'paragraph',
              text: 'Your subscription **renews automatically** at the end of each billing period, monthly or yearly depending on your plan, and your payment method is charged the plan’s current price, until you cancel.',
            },
            {
              kind: 'paragraph',
              text: 'If a payment fails, we email you and the payment is tried again. You may keep access for a short grace period; if the payment still fails, paid features pause until you update your payment method on the [subscription page](/subscription).',
            },
          ],
        },
        {
          id: 'cancelling',
          heading: 'Cancelling',
          blocks: [
            {
              kind: 'list',
              items: [
                'Cancel at any time on the [subscription page](/subscription).',
                'Cancelling takes effect **at the end of the current billing period**. You keep access until then, and you are not charged again.',
                'Changed your mind? Before the period ends you can reactivate the subscription on the same page.',
                'Deleting your account ends your subscription immediately; you are not charged again.',
              ],
            },
          ],
        },
        {
          id: 'refunds',
          heading: 'Refunds',
          blocks: [
            {
              kind: 'list',
              items: [
                `**Right of withdrawal.** If you are a consumer in the European Union, the European Economic Area or the United Kingdom, you may withdraw from a paid subscription within 14 days of the first payment. Because you ask us to start the service straight away, we refund what you paid minus an amount in proportion to the days already provided. To withdraw, write to ${SUPPORT_LINK} from the email address of your account; a short, clear statement is enough.`,
                '**Charged by mistake.** If we charged you in error, for example twice, or after you cancelled, we refund the full amount.',
                '**Otherwise**, payments already made are not refunded when you cancel, because you keep access until the end of the period you paid for.',
                'Refunds go back to the payment method you paid with, usually within 10 days.',
                'Nothing here limits any refund the law entitles you to.',
              ],
            },
          ],
        },
        {
          id: 'price-changes',
          heading: 'Price changes',
          blocks: [
            {
              kind: 'paragraph',
              text: 'We may change our prices. For an existing subscription, we email you at least 30 days before a new price applies, and it applies from your first renewal after that notice. If you do not accept it, cancel before that renewal. A price change never affects a period you have already paid for.',
            },
          ],
        },
        {
          id: 'coupons',
          heading: 'Coupons and partner codes',
          blocks: [
            {
              kind: 'paragraph',
              text: 'A coupon or partner code gives the discount shown when you enter it: how much off, for how many billing periods and until when. Codes have no cash value and one code applies per subscription.',
            },
          ],
        },
      ],
    },
    {
      id: 'partners',
      heading: 'The partner programme',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Some people and websites recommend us as partners. If you arrive through a partner’s link or use their code, you get the discount it offers and the partner earns a commission on your payments, at no extra cost to you. Partners are independent: they are not our employees or agents, and what they say is their own. They are bound by the programme terms they accept when they [apply](/partners/apply). The [partners page](/partners) explains how the programme works.',
        },
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Use the service fairly and lawfully. In particular, do not:',
        },
        {
          kind: 'list',
          items: [
            'break the law, or use the service to harass, threaten, deceive or harm anyone;',
            'enter another person’s birth data without their permission;',
            'try to get into other people’s accounts or data, or test, probe or get around our security or usage limits;',
            'overload the service, or access it with bots, scrapers or other automated means instead of the app;',
            'copy, resell or redistribute the service or its content, or use it to build a competing service;',
            'try to make the assistant produce unlawful, hateful or sexually explicit content, or misuse it to extract its instructions or data about others.',
          ],
        },
      ],
    },
    {
      id: 'content',
      heading: 'Your content and ours',
      blocks: [
        {
          kind: 'paragraph',
          text: 'What you write and the birth data you enter remain yours. You allow us to store and process them only to provide the service to you, as our [privacy policy](/privacy-policy) describes. You may use the readings and answers you receive for your own, personal purposes.',
        },
        {
          kind: 'paragraph',
          text: `The app, its design, software and the texts we wrote belong to ${PRODUCT} or those who licensed them to us. We give you a personal, non-transferable right to use them through the service while your account is open.`,
        },
      ],
    },
    {
      id: 'availability',
      heading: 'Availability and changes to the service',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We work to keep the service available and correct, but we cannot promise it will always be uninterrupted or free of errors; maintenance and updates may briefly interrupt it. We may change, add or remove features. If a change substantially reduces what you pay for, we tell you in advance, and you may cancel and receive a refund for the unused part of the period you paid for.',
        },
      ],
    },
    {
      id: 'ending',
      heading: 'Suspension and ending',
      blocks: [
        {
          kind: 'list',
          items: [
            'You can stop at any time: cancel your subscription, or delete your account in [Settings](/settings).',
            'We may suspend or close an account for a serious or repeated breach of these terms, for fraud, or when the law requires it. We tell you why, unless the law forbids it. If we close your account through no fault of yours, we refund the unused part of the period you paid for.',
            'When your account ends we delete your data as our [privacy policy](/privacy-policy#retention) describes.',
          ],
        },
      ],
    },
    {
      id: 'liability',
      heading: 'Our liability',
      blocks: [
        {
          kind: 'paragraph',
          text: 'As far as the law allows, the service is provided as it is. We are not responsible for decisions you make on the basis of a reading or an answer from the assistant. Our total liability to you is limited to what you paid us in the 12 months before the event that gave rise to the claim.',
        },
        {
          kind: 'paragraph',
          text: 'Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to limit, and it does not affect your statutory rights as a consumer.',
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We may update these terms, for example when we add features or the law changes. The date at the top shows the latest version. For a change that affects you materially, we tell you by email or in the app at least 30 days before it takes effect. If you do not agree, you can cancel your subscription or delete your account before then; if you keep using the service afterwards, the new terms apply.',
        },
      ],
    },
    {
      id: 'law',
      heading: 'Law and disputes',
      blocks: [
        {
          kind: 'paragraph',
          text: `These terms are governed by the law of the country where ${PRODUCT} is established. If you are a consumer, you also keep the protection of the mandatory law of the country where you live and may bring a claim in its courts. Please talk to us first: most problems are solved quickly by writing to ${SUPPORT_LINK}.`,
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        {
          kind: 'paragraph',
          text: `Questions about these terms, your subscription or a refund: write to ${SUPPORT_LINK} or use the [contact form](/contact).`,
        },
      ],
    },
  ],
};
