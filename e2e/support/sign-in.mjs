// Signing in to the dashboard as a person does: the /sign-in page, the two fields by their labels, the
// button. Shared by every browser suite that starts signed in.

/** Fills and sends the sign-in form at `${base}/sign-in`; returns once the form is sent. */
export async function signInToDashboard(page, base, { email, password }) {
  await page.goto(`${base}/sign-in`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
