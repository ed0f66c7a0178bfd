export function BanksPage() {
  return null;
}
