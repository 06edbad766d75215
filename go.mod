module gammond

go 1.26

require (
	github.com/BurntSushi/toml v1.5.0 // indirect
	github.com/eclipse/paho.golang v0.23.0 // indirect
	github.com/gorilla/websocket v1.5.3 // indirect
	github.com/warthog618/go-gpiocdev v0.9.1 // indirect
	golang.org/x/net v0.43.0 // indirect
	golang.org/x/sys v0.35.0 // indirect
	periph.io/x/conn/v3 v3.7.2 // indirect
	periph.io/x/devices/v3 v3.7.4 // indirect
	periph.io/x/host/v3 v3.8.5 // indirect
)
