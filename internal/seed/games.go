package seed

// games seeds providers and games of the demo catalogue.
func (s *seeder) games() {}
