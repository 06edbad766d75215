module gammond

go 1.26

require (
	github.com/BurntSushi/toml v1.5.0
	github.com/eclipse/paho.golang v0.23.0
	github.com/warthog618/go-gpiocdev v0.9.1
	periph.io/x/conn/v3 v3.7.2
	periph.io/x/devices/v3 v3.7.4
	periph.io/x/host/v3 v3.8.5
)

require (
	github.com/gorilla/websocket v1.5.3 // indirect
	golang.org/x/net v0.43.0 // indirect
	golang.org/x/sys v0.35.0 // indirect
)
