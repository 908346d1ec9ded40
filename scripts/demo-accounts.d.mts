export function demoAccountsText(): Promise<string>;
