/** User agents that get no error screen: crawlers and audit tools, which must keep indexing the page they read. */
const BOT_USER_AGENT = /bot|lighthouse|facebook|google/i;

export const isBot = (userAgent: string) => BOT_USER_AGENT.test(userAgent);
