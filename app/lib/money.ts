const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });

/** Pounds as the spec shows them everywhere: £ and two decimals, e.g. £18.50. */
export const formatPounds = (amount: number) => pounds.format(amount);
