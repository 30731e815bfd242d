package traffic

import "testing"

func TestTheProxysCodesAreDeclaredAsTheCatalogAsksAndNamedOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Codes() {
		if err := e.Validate(); err != nil {
			t.Error(err)
		}
		if seen[e.Code] {
			t.Errorf("%s is declared twice", e.Code)
		}
		seen[e.Code] = true
	}
}
