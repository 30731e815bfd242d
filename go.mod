module toolbench

go 1.26.8

require github.com/go-json-experiment/json v1.27.2
