/** docs/api.md: seats are exact; fewer than 10 left is worth telling the agent (a card and its brands alike). */
export const FEW_SEATS = 9;
