// /companies/new: the add-company form on a page of its own; the new company's profile opens after.
import { useNavigate } from 'react-router';
import { AddCompanyForm } from './add-company-form.js';
import { COMPLIANCE_MESSAGES } from '../compliance-messages.js';
import { sectionHref } from '../compliance-scope.js';
import '../compliance.css';

export default function NewCompanyPage() {
  const navigate = useNavigate();
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">{COMPLIANCE_MESSAGES.addCompany}</h1>
        <AddCompanyForm onCreated={(company) => navigate(sectionHref('profile', company.id))} />
      </div>
    </div>
  );
}
