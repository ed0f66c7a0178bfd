import type { CompanyStatus } from '@skydesk/contract';
import { Badge } from '../../../shared/ui/badge';
import { COMPANY_STATUS } from '../admin-labels';

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  const { label, tone } = COMPANY_STATUS[status];
  return (
    <Badge tone={tone} dot>
      {label}
    </Badge>
  );
}
