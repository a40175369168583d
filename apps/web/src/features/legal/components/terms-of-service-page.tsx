// The router's page map still imports this path; the page itself lives in pages/.
export { default } from '../pages/terms-of-service-page.tsx';
