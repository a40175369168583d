/** Text made safe for HTML content and attribute values (mails, the local checkout pages). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
