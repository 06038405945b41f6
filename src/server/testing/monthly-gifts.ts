import { expect } from 'vitest';
import { outboxFor } from './membership';
import type { TestApp } from './test-app';

/** The secret of a monthly gift's link, read from its latest receipt as the donor would. */
export async function giftLinkToken(t: TestApp, email: string, giftId: string): Promise<string> {
  const receipt = (await outboxFor(t, email)).filter((m) => m.kind === 'donation-receipt').at(-1)!;
  const match = receipt.text_body.match(new RegExp(`/donate/monthly/${giftId}#([A-Za-z0-9_-]+)`));
  expect(match, receipt.text_body).not.toBeNull();
  return match![1]!;
}
