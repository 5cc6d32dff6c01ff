// /products: the four products the mobile menu lists (SPEC §2.4), each with its own anchor.
import { Link } from 'react-router';
import { ServiceNotice } from '../../ui/service-notice.js';
import { PRODUCTS } from './catalogue.js';


export default function ProductsPage() {
  return (
    <div className="container">
      <h1 className="page-title">Products</h1>
      <p className="page-lead">Tools for contractors, companies and homeowners who pull permits.</p>
      <div className="grid">
        {PRODUCTS.map((product) => (
          <section key={product.id} id={product.id} className="card">
            <h2 className="card__title">{product.name}</h2>
            <p className="muted">{product.text}</p>
          </section>
        ))}
      </div>
      <div className="row" style={{ margin: '2rem 0' }}>
        <Link className="btn" to="/sign-up/company">
          Sign up as a company
        </Link>
        <Link className="btn btn--ghost" to="/sign-up/individual">
          Sign up as a homeowner
        </Link>
      </div>
      <ServiceNotice />
    </div>
  );
}
