module gammond

go 1.26

require (
	github.com/BurntSushi/toml v1.5.0 // indirect
	github.com/warthog618/go-gpiocdev v0.9.1 // indirect
	golang.org/x/sys v0.29.0 // indirect
	periph.io/x/conn/v3 v3.7.2 // indirect
	periph.io/x/devices/v3 v3.7.4 // indirect
	periph.io/x/host/v3 v3.8.5 // indirect
)
