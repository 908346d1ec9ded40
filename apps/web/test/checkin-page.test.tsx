// @vitest-environment happy-dom
import {
  checkinResultSchema,
  checkinStatusSchema,
  itemNamesSchema,
  meSchema,
  promotionEventProgressSchema,
  promotionEventSchema,
  type CheckinStatus,
} from '@carabala/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckinPage } from '@/features/checkin/checkin-page';
import { dayStates } from '@/features/checkin/calendar-grid';
import { EventPage, progressShare } from '@/features/topup-event/event-page';
import { ok, refused, standIn } from './support/api-stand-in';
import { player, renderPage } from './support/render';

// The check-in page "Điểm danh" and the top-up event page (issue 41), their words from messages/vi.

const calendar = {
  title: 'Điểm danh 7 ngày',
  days: Array.from({ length: 7 }, (_, index) => ({ items: [{ itemId: 'diamond', quantity: index + 1 }] })),
};
const ambient = { 'GET /items/names': ok(itemNamesSchema, { names: {} }), 'GET /me': ok(meSchema, player) };

const state = (changes: Partial<NonNullable<CheckinStatus['player']>> = {}): CheckinStatus => ({
  calendar,
  player: {
    today: '2026-12-03',
    checkedInToday: false,
    streak: 2,
    calendarDay: 3,
    nextAt: '2026-12-03T05:00:00.000Z',
    claims: [],
    ...changes,
  },
});

describe('the days of the calendar', () => {
  it('are claimed before the streak’s next day, today on it, upcoming after; all upcoming signed out', () => {
    expect(dayStates(4, state().player)).toEqual(['claimed', 'claimed', 'today', 'upcoming']);
    expect(dayStates(3, state({ checkedInToday: true, calendarDay: 3 }).player)).toEqual([
      'claimed',
      'claimed',
      'claimed',
    ]);
    expect(dayStates(2, null)).toEqual(['upcoming', 'upcoming']);
  });
});

describe('the check-in page', () => {
  it('checks in once: the reward is said, the day turns claimed and the button is disabled with when the next opens', async () => {
    const api = standIn({
      ...ambient,
      'GET /checkin': ok(checkinStatusSchema, state()),
      'POST /checkin': ok(checkinResultSchema, {
        claim: {
          id: 'c-1',
          day: '2026-12-03',
          calendarDay: 3,
          streak: 3,
          items: [{ itemId: 'diamond', quantity: 3 }],
          createdAt: '2026-12-03T02:00:00.000Z',
        },
        status: state({ checkedInToday: true, streak: 3, nextAt: '2026-12-03T17:00:00.000Z' }),
      }),
    });
    const { user } = renderPage(<CheckinPage />, { signedIn: player });
    const button = await screen.findByRole('button', { name: 'Điểm danh' });
    expect(screen.getByTestId('checkin-streak').textContent).toBe('Chuỗi điểm danh: 2 ngày liên tiếp');
    expect(screen.getByTestId('checkin-day-3').getAttribute('data-state')).toBe('today');
    expect(screen.getByText(/bỏ lỡ một ngày thì chuỗi bắt đầu lại từ ngày 1/)).toBeTruthy();
    await user.click(button);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Điểm danh thành công! Quà ngày 3 (3 × Kim cương) đã được gửi vào hộp thư trong game.',
    );
    expect(screen.getByTestId('checkin-day-3').getAttribute('data-state')).toBe('claimed');
    expect(screen.getByRole('button', { name: 'Điểm danh' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('checkin-next').textContent).toBe(
      'Bạn đã điểm danh hôm nay. Lần điểm danh tiếp theo mở lúc 00:00 04/12/2026.',
    );
    expect(api.callsTo('POST /checkin')).toHaveLength(1);
  });

  it('says the API’s refusal in Vietnamese', async () => {
    standIn({
      ...ambient,
      'GET /checkin': ok(checkinStatusSchema, state()),
      'POST /checkin': refused(409, {
        code: 'api.checkin.already',
        key: 'checkin.already',
        params: { next: '00:00 04/12/2026' },
        message: 'Hôm nay bạn đã điểm danh rồi. Lần điểm danh tiếp theo mở lúc 00:00 04/12/2026.',
      }),
    });
    const { user } = renderPage(<CheckinPage />, { signedIn: player });
    await user.click(await screen.findByRole('button', { name: 'Điểm danh' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Hôm nay bạn đã điểm danh rồi. Lần điểm danh tiếp theo mở lúc 00:00 04/12/2026.',
    );
  });

  it('signed out: the calendar and a sign-in prompt, no check-in button', async () => {
    standIn({
      'GET /items/names': ok(itemNamesSchema, { names: {} }),
      'GET /checkin': ok(checkinStatusSchema, { calendar, player: null }),
    });
    renderPage(<CheckinPage />);
    expect(await screen.findByText('Đăng nhập để điểm danh và nhận quà mỗi ngày.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Điểm danh' })).toBeNull();
    expect(screen.getByTestId('checkin-day-1').getAttribute('data-state')).toBe('upcoming');
  });
});

describe('the top-up event page', () => {
  it('draws the bar to the next milestone and marks the milestones received', async () => {
    expect(progressShare(150_000, 200_000)).toBe(75);
    expect(progressShare(900_000, null)).toBe(100);
    standIn({
      ...ambient,
      'GET /events/7': ok(promotionEventSchema, {
        id: 7,
        title: 'Nạp tích lũy tháng 12',
        startsAt: '2026-12-01T00:00:00.000Z',
        endsAt: '2099-12-31T00:00:00.000Z',
        packIds: [],
        tabs: [],
        milestones: [
          { threshold: 500_000, items: [{ itemId: 'hero_chest', quantity: 2 }] },
          { threshold: 200_000, items: [{ itemId: 'gold', quantity: 1000 }] },
        ],
      }),
      'GET /events/7/progress': ok(promotionEventProgressSchema, {
        spent: 249_000,
        next: 500_000,
        received: [{ threshold: 200_000, items: [{ itemId: 'gold', quantity: 1000 }], at: '2026-12-02T03:00:00.000Z' }],
      }),
    });
    renderPage(<EventPage id={7} />, { signedIn: player });
    await waitFor(() =>
      expect(screen.getByTestId('event-spent').textContent).toBe('Bạn đã nạp 249,000đ trong sự kiện'),
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('49');
    expect(screen.getByText('Còn 251,000đ nữa để đạt mốc 500,000đ.')).toBeTruthy();
    expect(within(screen.getByTestId('event-milestone-200000')).getByText('Đã nhận lúc 10:00 02/12/2026')).toBeTruthy();
    expect(within(screen.getByTestId('event-milestone-500000')).getByText('Chưa đạt')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nạp ngay' }).getAttribute('href')).toBe('/store');
  });
});
