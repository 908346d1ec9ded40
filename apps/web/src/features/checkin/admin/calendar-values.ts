import type { CheckinCalendarContent } from '@carabala/contracts';

type ItemValues = { itemId: string; quantity: string }[];

/** What the calendar form's inputs hold; the names follow the request body's paths, so each error lands under its input. */
export interface CalendarValues {
  title: string;
  days: { items: ItemValues }[];
}

export const emptyDay = () => ({ items: [{ itemId: '', quantity: '1' }] });

export const emptyCalendar = (length = 7): CalendarValues => ({
  title: '',
  days: Array.from({ length }, emptyDay),
});

export const valuesOf = (calendar: CheckinCalendarContent): CalendarValues => ({
  title: calendar.title,
  days: calendar.days.map((day) => ({
    items: day.items.map((item) => ({ itemId: item.itemId, quantity: String(item.quantity) })),
  })),
});

/** The request body the values make (quantities as numbers; an empty quantity fails the schema). */
export const bodyOf = (values: CalendarValues) => ({
  title: values.title,
  days: values.days.map((day) => ({
    items: day.items.map((item) => ({
      itemId: item.itemId,
      quantity: item.quantity.trim() === '' ? Number.NaN : Number(item.quantity),
    })),
  })),
});

/** The form's days resized to `length`: kept days stay, new ones are empty. */
export const resized = (days: CalendarValues['days'], length: number) =>
  Array.from({ length }, (_, index) => days[index] ?? emptyDay());
