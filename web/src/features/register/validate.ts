// The register form's rules live in lib/register-rules (the member centre
// edits the same fields with them); re-exported here, where the server's
// validate.go points.
export * from '@/lib/register-rules';
