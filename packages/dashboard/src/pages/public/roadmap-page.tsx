// /roadmap: what is shipped, what is being built, what comes next.
const columns = [
  { title: 'Available now', items: ['Permit lookup and request widget for partner websites', 'Project Radar with search and sorting', 'Compliance Center: licenses, insurance, certificates, documentation', 'Company users, roles and guest access', 'Vendor onboarding and shared compliance wallets'] },
  { title: 'In progress', items: ['Inspection Tracker notifications', 'E-signature of permit documents', 'Accounting quotes paid online'] },
  { title: 'Next', items: ['AI pre-fill of applications from uploaded plans', 'Construction-platform two-way sync', 'More municipalities every month'] },
];

export default function RoadmapPage() {
  return (
    <div className="container">
      <h1 className="page-title">Roadmap</h1>
      <p className="page-lead">What we have built and what we are building next.</p>
      <div className="grid">
        {columns.map((column) => (
          <section key={column.title} className="card">
            <h2 className="card__title">{column.title}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
