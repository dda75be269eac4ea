package remote

// KeyOf is the running sandbox's API key of ProviderCode (tests sign raw
// requests with it).
func KeyOf(s *Sandbox) []byte { return s.Client.key }
