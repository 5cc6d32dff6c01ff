// The footer of SPEC §2.4: its links and the current year.
import { Link } from 'react-router';

const columns = [
  { heading: 'PermitDesk', links: [['/', 'Home'], ['/how-it-works', 'How it works'], ['/products', 'Products'], ['/services', 'Services']] },
  { heading: 'Get started', links: [['/sign-up/company', 'Sign up as a company'], ['/sign-up/individual', 'Sign up as a homeowner'], ['/reset-password', 'Reset password'], ['/integration/permits', 'Integrations']] },
  { heading: 'Help', links: [['/support/faq.html', 'FAQ'], ['/legal/privacy-policy.html', 'Privacy policy'], ['/legal/terms-of-use.html', 'Terms of use']] },
] as const;

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="footer__heading">{column.heading}</h2>
            <ul>
              {column.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer__bottom">
        © {new Date().getFullYear()} PermitDesk. A professional permit service, not the municipality and not affiliated with any county or municipality.
      </div>
    </footer>
  );
}
