export const PRODUCT_NAME = 'Astro Guidance';
export const SUPPORT_EMAIL = 'support@astroguidance.app';
export const SOCIAL_URL = 'https://www.instagram.com/astroguidance.app';
