/** The income chart's words (IncomeChart.tsx, loaded after the screen). */
export const incomeChartMessageKeys = [
  'dig_chart_title',
  'dig_chart_date',
  'dig_chart_kwh',
  'dig_chart_income',
  'dig_chart_table',
  'dig_chart_empty',
  'dig_room_revenue',
  'wallet_points',
] as const;
