const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });

/** Pounds as the spec shows them everywhere: £ and two decimals, e.g. £18.50. */
export const formatPounds = (amount: number) => pounds.format(amount);

/** Prices travel in pounds (the API, the forms) and are summed and stored in whole pence. */
export const toPence = (pounds: number) => Math.round(pounds * 100);
export const toPounds = (pence: number) => pence / 100;

export const formatPence = (pence: number) => formatPounds(toPounds(pence));
