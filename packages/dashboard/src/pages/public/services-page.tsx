// /services: the three services the mobile menu lists (SPEC §2.4).
import { Link } from 'react-router';
import { ServiceNotice } from '../../ui/service-notice.js';
import { SERVICES } from './catalogue.js';


export default function ServicesPage() {
  return (
    <div className="container">
      <h1 className="page-title">Services</h1>
      <p className="page-lead">A professional permit team working for you, not for the municipality.</p>
      <div className="grid">
        {SERVICES.map((service) => (
          <section key={service.id} id={service.id} className="card">
            <h2 className="card__title">{service.name}</h2>
            <p className="muted">{service.text}</p>
          </section>
        ))}
      </div>
      <p style={{ marginTop: '2rem' }}>
        <Link className="btn" to="/search">
          Start a permit request
        </Link>
      </p>
      <ServiceNotice />
    </div>
  );
}
