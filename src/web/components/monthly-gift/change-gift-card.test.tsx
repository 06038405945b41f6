import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MonthlyCardChangeResponse, MonthlyGift } from '../../../shared/api/monthly-gifts';
import { paymentsApi } from '../../../shared/api/payments';
import { savedCardsApi } from '../../../shared/api/saved-cards';
import { ApiError } from '../../lib/api';
import { FakeApi } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { ChangeGiftCard } from './change-gift-card';

const gift: MonthlyGift = {
  gift_id: 'g1',
  pence: 1500,
  status: 'active',
  gift_aid: false,
  card: { brand: 'visa', last4: '4242' },
  next_charge: '2026-12-12',
  started_at: '2026-11-12T10:00:00Z',
  ended_at: null,
};

function open(changeCard: (setupIntentId: string) => Promise<MonthlyCardChangeResponse>) {
  const startSetup = vi.fn(async () => ({ client_secret: 'seti_1_secret_2', setup_intent_id: 'seti_1' }));
  const onChanged = vi.fn();
  const api = new FakeApi()
    .on(paymentsApi.config, { provider: 'test' })
    .on(savedCardsApi.testConfirmSetup, { status: 'succeeded', setup_intent_id: 'seti_1' });
  const page = renderPage(
    <ChangeGiftCard
      gift={gift}
      startSetup={startSetup}
      changeCard={changeCard}
      onChanged={onChanged}
      otherActions={<button type="button">Cancel my monthly gift</button>}
    />,
    { api },
  );
  return { ...page, startSetup, onChanged };
}

async function saveNewCard(user: ReturnType<typeof open>['user']) {
  await user.click(screen.getByRole('button', { name: 'Change card' }));
  const form = await screen.findByRole('form', { name: 'Card details' });
  expect(form).toHaveTextContent('Nothing is taken now, except a month that was declined');
  // Cancelling the gift is not offered beside a card half entered.
  expect(screen.queryByRole('button', { name: 'Cancel my monthly gift' })).not.toBeInTheDocument();
  await user.type(screen.getByLabelText(/^Card number/), '5555555555554444');
  await user.type(screen.getByLabelText(/^Expiry/), '1133');
  await user.type(screen.getByLabelText(/^CVC/), '321');
  await user.click(screen.getByRole('button', { name: 'Save the new card' }));
}

describe('changing the card of a monthly gift', () => {
  it('saves the new card, then hands its setup to the gift and says so', async () => {
    const changed = { ...gift, card: { brand: 'mastercard', last4: '4444' } };
    const changeCard = vi.fn(async () => ({ gift: changed, retried: null }));
    const { user, onChanged, api } = open(changeCard);
    await saveNewCard(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Your monthly gift will now come from the new card.');
    expect(changeCard).toHaveBeenCalledWith('seti_1');
    expect(onChanged).toHaveBeenCalledWith(changed);
    expect(api.callsTo(savedCardsApi.testConfirmSetup)[0]!.json).toMatchObject({ client_secret: 'seti_1_secret_2' });
    expect(screen.getByRole('button', { name: 'Cancel my monthly gift' })).toBeInTheDocument();
  });

  it('says when the month that was declined is declined on the new card too, and why', async () => {
    const { user } = open(async () => ({ gift, retried: { status: 'declined', message: 'Your card has insufficient funds.' } }));
    await saveNewCard(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The new card is saved, but the month that was declined was declined on it too: Your card has insufficient funds.',
    );
  });

  it('shows the server’s refusal and changes nothing on the page', async () => {
    const refusal = 'This month’s gift is being taken from the card right now. Please try again in a few minutes.';
    const { user, onChanged } = open(async () => {
      throw new ApiError(409, refusal, true);
    });
    await saveNewCard(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Change card' })).toBeInTheDocument();
  });
});
