-- Address search (issue 15): when the data cannot tell which municipality governs a job site (a point near
-- city limits, unincorporated county area nearby), the widget asks the visitor to choose between the
-- candidates. The choice is kept with the request for the permit team: why the visitor was asked and what
-- they were offered ({"reason": "unincorporated-nearby", "offered": [{"id": 1, "name": "City of Las Vegas"},
-- ...]}); the chosen one is the project's municipality_id. Null when the visitor was not asked.
ALTER TABLE projects ADD COLUMN municipality_choice jsonb
  CONSTRAINT projects_municipality_choice_object CHECK (municipality_choice IS NULL OR jsonb_typeof(municipality_choice) = 'object');
