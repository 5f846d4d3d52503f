/** User agents that get no error screen: crawlers and audit tools (the spec's list). */
export const BOT_USER_AGENT = /bot|lighthouse|facebook|google/i;

export const isBot = (userAgent: string) => BOT_USER_AGENT.test(userAgent);
