// /cloudfront/presigned?url=...: turns a stored file link into a short-lived download link.
import { useSearchParams } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export default function PresignedPage() {
  const [params] = useSearchParams();
  const originalUrl = params.get('url') ?? params.get('originalUrl');
  const link = useQuery(originalUrl ? `presigned:${originalUrl}` : null, () => api.documents.cloudfrontPresigned({ body: { originalUrl: originalUrl ?? '' } }));
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Download</h1>
        {!originalUrl ? (
          <p>No file was given.</p>
        ) : (
          <DataState query={link}>
            {(l) => (
              <a className="btn btn--block" href={l.url}>
                Download the file
              </a>
            )}
          </DataState>
        )}
      </div>
    </div>
  );
}
