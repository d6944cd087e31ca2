// Event titles used for job titles and for crew members' "previous events" answers.

export const EVENT_TITLES = [
  'Winter Gala Dinner',
  'Stadium Concert',
  'Corporate Conference',
  'Christmas Market',
  'Food Festival',
  'Charity Ball',
  'Product Launch',
  'Wedding Reception',
  'Trade Show',
  'Marathon Support',
  'Awards Night',
  'Music Festival',
];
