package seed

// members seeds register settings, an agent and a demo member.
func (s *seeder) members() {}
